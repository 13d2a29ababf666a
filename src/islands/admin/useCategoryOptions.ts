import { useEffect, useState } from 'react';
import type { AdminCategoryList } from '../../../core/admin/model';
import { api } from '../../lib/api-client';
import type { CategoryOptions } from './CategoryPicker';

/** The catalogue's categories, loaded once and again on "Try again". */
export function useCategoryOptions() {
  const [options, setOptions] = useState<CategoryOptions>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let active = true;
    void api.get<AdminCategoryList>('/admin/categories').then((result) => {
      if (!active) return;
      setOptions(
        result.ok ? { status: 'ready', categories: result.data.categories } : { status: 'failed' },
      );
    });
    return () => {
      active = false;
    };
  }, [attempt]);
  const retry = () => {
    setOptions({ status: 'loading' });
    setAttempt((count) => count + 1);
  };
  return { options, retry };
}
