import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from '@/components/ui/toast.tsx';
import { currentUserQuery } from '@/features/auth/api/current-user.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { createAppRouter } from './router.tsx';

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // The header and `/` both wait on the sign-in state: ask for it while the first page's code is still loading.
    void client.prefetchQuery(currentUserQuery());
    return client;
  });
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
}
