import type { ProductStatus } from '../../../core/product/model';
import editor from './ProductEditor.module.css';

const LABELS: Record<ProductStatus, string> = {
  draft: 'Draft: hidden from the shop',
  active: 'Active: in the shop',
};

/**
 * Draft or active (issue 25): a draft is seen only here, never on its page, in listings, search,
 * the sitemap or a cart.
 */
export function ProductEditorStatus({
  name,
  status,
  onChange,
}: {
  name: string;
  status: ProductStatus;
  onChange: (status: ProductStatus) => void;
}) {
  return (
    <fieldset className={editor.status}>
      <legend>Status</legend>
      {(Object.keys(LABELS) as ProductStatus[]).map((value) => (
        <label key={value}>
          <input
            type="radio"
            name={name}
            value={value}
            checked={status === value}
            onChange={() => onChange(value)}
          />{' '}
          {LABELS[value]}
        </label>
      ))}
    </fieldset>
  );
}
