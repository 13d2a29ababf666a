import { Elysia } from 'elysia';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { searchQuery } from './model';
import { featuredProducts } from './service';

export const productModule = (db: Db) =>
  new Elysia({ name: 'product', prefix: '/product' }).get(
    '/search',
    async ({ query }) => {
      if (query.isFeatured) return { products: await featuredProducts(db) };
      throw new AppError('INVALID_DATA', 'Choose what to search for.');
    },
    { query: searchQuery },
  );
