import { BackupError } from './manifest';

/** What an archive entry is, as far as a restore cares. */
export type EntryKind = 'file' | 'directory' | 'link' | 'other';

/** The kind of a ustar type flag ('0' or empty: a file; '5' a folder; '1', '2' links). */
export function kindOfTypeFlag(flag: string): EntryKind {
  if (flag === '0' || flag === '' || flag === '\0' || flag === '7') return 'file';
  if (flag === '5') return 'directory';
  if (flag === '1' || flag === '2') return 'link';
  return 'other';
}

/**
 * Why the entry `name` of kind `kind` must not be restored (issue 36 row 5), or undefined when it
 * may: a restore writes only files and folders, at relative paths without `..`, so nothing it
 * writes lands outside the data folder, whatever the archive's checksums say.
 */
export function entryRefusal(name: string, kind: EntryKind): string | undefined {
  const refused = (why: string) =>
    `The archive is refused: its entry ${name} ${why}. Nothing was restored.`;
  if (name === '' || name.includes('\0')) return refused('has no usable name');
  if (/^([/\\]|[a-zA-Z]:)/.test(name)) return refused('is an absolute path');
  if (name.split(/[/\\]/).includes('..')) return refused('has .. in its path');
  if (kind === 'link') return refused('is a link');
  if (kind !== 'file' && kind !== 'directory') return refused('is neither a file nor a folder');
  return undefined;
}

/** Throws the refusal of an entry that must not be restored. */
export function assertRestorableEntry(name: string, kind: EntryKind): void {
  const refusal = entryRefusal(name, kind);
  if (refusal) throw new BackupError(refusal);
}
