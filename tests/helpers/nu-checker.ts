import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
const run = promisify(execFile);

/** The Nu Html Checker's jar, as the vnu-jar package ships it; it runs on the machine's Java. */
const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

/** One error the W3C Nu checker reports, with where it was found. */
export interface NuError {
  document: string;
  line?: number;
  message: string;
  extract?: string;
}

interface NuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/**
 * Checks HTML documents with the W3C Nu Html Checker (the validator.w3.org/nu engine) in one
 * Java process, and answers the errors (warnings and notes left out), each with its document's
 * name. The documents are written to a folder of their own first: the checker reads files.
 */
export async function nuErrors(documents: Record<string, string>): Promise<NuError[]> {
  const folder = mkdtempSync(join(tmpdir(), 'evergreen-nu-'));
  try {
    const files = Object.entries(documents).map(([name, html], index) => {
      const file = join(folder, `${index}.html`);
      writeFileSync(file, html);
      return { name, file };
    });
    const nameOf = new Map(files.map(({ name, file }) => [file, name]));
    // The checker exits 1 when it found errors; its report is on stderr either way.
    const { stderr } = await run(
      'java',
      ['-Xss4m', '-jar', vnuJar, '--format', 'json', ...files.map(({ file }) => file)],
      { maxBuffer: 32 * 1024 * 1024 },
    ).catch((failed: { stderr?: string; code?: number }) => {
      if (failed.code === 1 && failed.stderr) return { stderr: failed.stderr };
      throw failed;
    });
    const report = JSON.parse(stderr) as { messages: NuMessage[] };
    return report.messages
      .filter((entry) => entry.type === 'error' || entry.subType === 'fatal')
      .map((entry) => ({
        document: nameOf.get(decodeURIComponent(new URL(entry.url).pathname)) ?? entry.url,
        line: entry.lastLine,
        message: entry.message,
        extract: entry.extract,
      }));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
