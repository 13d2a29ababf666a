import styles from './Admin.module.css';
import { SHOP_TIME_ZONE } from '../../../core/shop-calendar';

/** What GET /api/admin/dashboard says about backups (api/modules/backup/schedule.ts). */
export interface Backups {
  lastGoodAt: string | null;
  ageHours: number | null;
  failure: { at: string; error: string } | null;
}

function age(hours: number): string {
  if (hours < 1) return 'less than an hour ago';
  if (hours < 48) return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** The dashboard's backup line: the last good backup's age, and the last failure if any. */
export function BackupStatus({ backups }: { backups: Backups }) {
  return (
    <>
      {backups.ageHours === null ? (
        <span>No backup yet</span>
      ) : (
        <span>
          Last backup <strong>{age(backups.ageHours)}</strong>
        </span>
      )}
      {backups.failure && (
        <p role="alert" className={styles.error}>
          The last backup failed (
          {new Date(backups.failure.at).toLocaleString('en-US', { timeZone: SHOP_TIME_ZONE })}):{' '}
          {backups.failure.error}
        </p>
      )}
    </>
  );
}
