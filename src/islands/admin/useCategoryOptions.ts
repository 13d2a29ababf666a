import { useState } from 'react';
import type { AdminCategoryList } from '../../../core/admin/model';
import { useApiGet } from '../../lib/use-api-get';
import type { CategoryOptions } from './CategoryPicker';

/** The catalogue's categories, loaded once and again on "Try again". */
export function useCategoryOptions() {
  const [options, setOptions] = useState<CategoryOptions>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useApiGet<AdminCategoryList>(
    '/admin/categories',
    (result) =>
      setOptions(
        result.ok ? { status: 'ready', categories: result.data.categories } : { status: 'failed' },
      ),
    attempt,
  );
  const retry = () => {
    setOptions({ status: 'loading' });
    setAttempt((count) => count + 1);
  };
  return { options, retry };
}
