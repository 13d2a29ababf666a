import { useState } from 'react';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import type { ArrivalSettingsDto } from '../../../core/arrival-settings';
import { ADMIN_TEXT } from './RequireAdmin';
import type { Notice } from './useAdminAction';

/**
 * The arrival settings page's saves: each checks its form with the API's own schema first, sends
 * it, and takes the settings the answer carries; the notice says what happened or why not.
 */
export function useArrivalSave(onSaved: (settings: ArrivalSettingsDto) => void) {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  async function save(
    method: 'post' | 'put' | 'delete',
    path: string,
    body: unknown,
    doneText: string,
    schema?: z.ZodType,
  ): Promise<boolean> {
    if (schema) {
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        setNotice({ error: true, text: parsed.error.issues[0]!.message });
        return false;
      }
      body = parsed.data;
    }
    setBusy(true);
    const result = await api[method]<ArrivalSettingsDto>(`/admin/arrival${path}`, body);
    setBusy(false);
    if (result.ok) {
      onSaved(result.data);
      setNotice({ error: false, text: doneText });
      return true;
    }
    const fields = result.fields ? Object.values(result.fields).join(' ') : '';
    setNotice({ error: true, text: fields || result.error || ADMIN_TEXT.failed });
    return false;
  }

  return { busy, notice, save };
}
