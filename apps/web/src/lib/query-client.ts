import { QueryClient } from '@tanstack/react-query';
import { onIdentityChange } from './client';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

// nothing fetched for one user or school outlives it: sign-in, school switch and sign-out empty the cache
onIdentityChange(() => queryClient.clear());
