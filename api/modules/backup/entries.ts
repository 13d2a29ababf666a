import { entryRefusal, kindOf } from '../../lib/tar';
import { BackupError } from './manifest';

/**
 * Throws the refusal of an archive entry a restore must not write (issue 36 row 5): absolute, with
 * `..`, a link, or neither a file nor a folder. `type` is the `tar` library's entry type.
 */
export function assertRestorableEntry(name: string, type: string | undefined): void {
  const refusal = entryRefusal(name, kindOf(type));
  if (refusal) throw new BackupError(`The archive is refused: ${refusal}. Nothing was restored.`);
}
