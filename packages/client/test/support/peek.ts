import { createClient } from '../../src';
import type { ShopApi } from './shop-app';
declare const c: ReturnType<typeof createClient<ShopApi>>;
export const answers = [
  c.get('/items/{id}', { params: { id: 1 } }),
  c.post('/items', { body: { name: 'x' } }),
] as const;
export type Routes = import('../../src').ClientRoutes<ShopApi>;
export declare const r: { [K in keyof Routes]: Routes[K] };
