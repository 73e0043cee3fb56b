import { api } from '../../app/api';
import type { MenuNode } from './menu-tree';

export const menuApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCurrentUserTree: build.query<MenuNode[], void>({
      query: () => ({ url: 'basic/resource/getCurrentUserTree', method: 'GET' }),
      providesTags: ['Menu'],
    }),
  }),
});
