import { useState, type FormEvent } from 'react';
import { api } from '../../lib/api-client';
import { ADMIN_TEXT } from './RequireAdmin';
import { changedRows, messagesBySku, shownThresholds, type StockItem } from './stock-filter';

/**
 * The stock table's unsaved changes (quantities and thresholds), saved at once: one request, all
 * or nothing; a refused row keeps its message until the next save.
 */
export function useStockSave(items: StockItem[], onSaved: () => void) {
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [thresholds, setThresholds] = useState<Record<string, string>>({});
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [thresholdErrors, setThresholdErrors] = useState<Record<string, string>>({});
  const [note, setNote] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const changed = changedRows(items, edits, thresholds);
  const shown = shownThresholds(items);
  const thresholdOf = (key: string) => thresholds[key] ?? shown[key] ?? '';
  const editThreshold = (key: string) => (value: string) =>
    setThresholds((current) => ({ ...current, [key]: value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    if (changed.length === 0) return;
    setBusy(true);
    const result = await api.post<{ message: string }>('/admin/products/stock/bulk', {
      items: changed,
    });
    setBusy(false);
    if (result.ok) {
      setEdits({});
      setThresholds({});
      setRowErrors({});
      setThresholdErrors({});
      setNote({ error: false, text: result.data.message });
      onSaved();
    } else {
      setRowErrors(messagesBySku(changed, result.fields, 'quantity'));
      setThresholdErrors(messagesBySku(changed, result.fields, 'threshold'));
      setNote({ error: true, text: result.error || ADMIN_TEXT.failed });
    }
  }

  const editStock = (sku: string) => (value: string) =>
    setEdits((current) => ({ ...current, [sku]: value }));

  const fields = { edits, rowErrors, thresholdErrors, thresholdOf, editThreshold, editStock };
  return { fields, changed, note, busy, save };
}

/** What a stock row reads and changes of the unsaved form. */
export type StockFields = ReturnType<typeof useStockSave>['fields'];
