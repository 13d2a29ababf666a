import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BackupStatus } from '../../../src/islands/admin/BackupStatus';

/** The dashboard's backup line (issue 29): the last good backup's age and the last failure. */
describe('the backup status on the dashboard', () => {
  it('shows the age of the last good backup', () => {
    render(
      <BackupStatus backups={{ lastGoodAt: '2026-11-25T03:30:00Z', ageHours: 5, failure: null }} />,
    );
    expect(screen.getByText(/Last backup/).textContent).toBe('Last backup 5 hours ago');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a failure beside the last good backup, and when there is none', () => {
    render(
      <BackupStatus
        backups={{
          lastGoodAt: null,
          ageHours: null,
          failure: { at: '2026-11-26T03:30:00Z', error: 'No space left on device' },
        }}
      />,
    );
    expect(screen.getByText('No backup yet')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(
      /^The last backup failed \(.+\): No space left on device$/,
    );
  });
});
