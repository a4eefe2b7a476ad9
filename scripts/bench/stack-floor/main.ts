/**
 * The smallest app on Reel's stack that does what home's entry needs of its libraries: React DOM's
 * root, TanStack Router's routes, links, navigation and scroll restoration, and TanStack Query's
 * client with a query, an infinite query and a mutation. None of Reel's code: its build is the
 * floor under home's initial JS (scripts/bench/stack-floor.ts). Plain `createElement`, so the
 * scripts' type check needs no JSX.
 */
import {
  QueryClient,
  QueryClientProvider,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import {
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  RouterProvider,
  useNavigate,
} from '@tanstack/react-router';
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';

const read = (path: string) => () => fetch(path).then((response) => response.json());

function Home() {
  const one = useQuery({ queryKey: ['one'], queryFn: read('/one') });
  const pages = useInfiniteQuery({
    queryKey: ['pages'],
    queryFn: read('/pages'),
    initialPageParam: 0,
    getNextPageParam: () => 1,
  });
  const write = useMutation({ mutationFn: () => fetch('/write', { method: 'POST' }) });
  const navigate = useNavigate();
  const onClick = () => {
    write.mutate();
    void navigate({ to: '/other' });
  };
  return h(
    'button',
    { type: 'button', onClick },
    JSON.stringify([one.data, pages.data]),
    h(Link, { to: '/other' }, 'other'),
  );
}

const root = createRootRoute({ component: Outlet });
const routeTree = root.addChildren([
  createRoute({ getParentRoute: () => root, path: '/', component: Home }),
  createRoute({ getParentRoute: () => root, path: '/other', component: () => h('p', null, 'other') }),
]);
const router = createRouter({ routeTree, scrollRestoration: true });
const element = document.getElementById('root');
if (element)
  createRoot(element).render(
    h(QueryClientProvider, { client: new QueryClient() }, h(RouterProvider, { router })),
  );
