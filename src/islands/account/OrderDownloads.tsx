import { useState } from 'react';
import {
  DOWNLOAD_MESSAGES,
  DOWNLOAD_TERMS,
  type DownloadLine,
  type DownloadLink,
} from '../../../core/downloads/model';
import { useApiGet } from '../../lib/use-api-get';
import { useOrderPost } from './order-access';
import styles from '../shared/Account.module.css';
import own from './Orders.module.css';

/** The signed-in customer's paid digital lines, read once with the orders (GET /downloads/mine). */
export function useDownloadLines(version: number): DownloadLine[] {
  const [lines, setLines] = useState<DownloadLine[]>([]);
  useApiGet<DownloadLine[]>(
    '/downloads/mine',
    (result) => {
      if (result.ok) setLines(result.data);
    },
    version,
  );
  return lines;
}

/**
 * An order's photo downloads: links are kept only as hashes, so each line offers a button that
 * makes a fresh link (the older ones stop working) and shows it to download.
 */
export function OrderDownloads({ lines }: { lines: DownloadLine[] }) {
  if (lines.length === 0) return null;
  return (
    <div className={own.downloads} data-downloads>
      <p>
        <strong>Downloads</strong>
      </p>
      <ul role="list">
        {lines.map((line) => (
          <DownloadRow key={line.itemId} line={line} />
        ))}
      </ul>
      <p className={own.meta}>{DOWNLOAD_TERMS}</p>
    </div>
  );
}

type Row =
  | { kind: 'idle' }
  | { kind: 'making' }
  | { kind: 'ready'; link: DownloadLink }
  | { kind: 'failed'; message: string };

function DownloadRow({ line }: { line: DownloadLine }) {
  const [row, setRow] = useState<Row>({ kind: 'idle' });
  const { reissue } = useOrderPost();

  async function makeLink() {
    setRow({ kind: 'making' });
    const result = await reissue<{ link: DownloadLink }>({
      orderId: line.orderId,
      itemId: line.itemId,
    });
    if (result.ok) setRow({ kind: 'ready', link: result.data.link });
    else if (result.status !== 401) {
      // The order's reissues used up (409) or too many requests (429) say so; else try again.
      const told = (result.status === 409 || result.status === 429) && result.error;
      setRow({ kind: 'failed', message: told || DOWNLOAD_MESSAGES.reissueFailed });
    }
  }

  return (
    <li>
      <p className={own.downloadTitle}>{line.title}</p>
      {row.kind === 'ready' ? (
        <a className={styles.button} href={row.link.url} download>
          Download {line.title}
        </a>
      ) : (
        <button
          type="button"
          className={styles.secondary}
          disabled={row.kind === 'making'}
          onClick={() => void makeLink()}
        >
          {row.kind === 'making' ? 'Making a link…' : 'Get a download link'}
        </button>
      )}
      {row.kind === 'failed' && (
        <div className={styles.error} role="alert">
          <p>{row.message}</p>
        </div>
      )}
    </li>
  );
}
