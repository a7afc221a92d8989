import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { explorePageSize } from '../../../contracts/publishingRules';
import {
  type InfiniteListActorRef,
  type InfiniteListBody,
  type InfiniteListParams,
  infiniteListMachine,
} from '../../machines/infiniteListMachine';
import type { PageRequest } from '../../services/explore';

/** One page of a list: `signal` aborts when the list moves on (new parameters, unmounted). */
export type FetchListPage<Item, Params extends object> = (
  body: Params & PageRequest,
  signal: AbortSignal,
) => Promise<readonly Item[]>;

/**
 * An `infiniteListMachine` fetching pages with `fetchPage` (the one given first) and `params`: new
 * `params` (compared by value) clear the list and start again at page 0, aborting a request for
 * the old ones.
 */
export function useInfiniteList<Item, Params extends object>(
  fetchPage: FetchListPage<Item, Params>,
  params: Params,
  ipp: number = explorePageSize,
): InfiniteListActorRef {
  // The list keeps the fetch it started with (it depends on the API client only).
  const [machine] = useState(() =>
    infiniteListMachine.provide({
      actors: {
        fetchPage: fromPromise<readonly unknown[], InfiniteListBody>(({ input, signal }) =>
          fetchPage(input as unknown as Params & PageRequest, signal),
        ),
      },
    }),
  );
  const list = useActorRef(machine, { input: { params: params as InfiniteListParams, ipp } });
  const key = JSON.stringify(params);
  const listedKey = useRef(key);
  useEffect(() => {
    if (listedKey.current === key) return;
    listedKey.current = key;
    // The parameters are plain data: their JSON is both the comparison and the copy sent.
    list.send({ type: 'list.setParams', params: JSON.parse(key) as InfiniteListParams });
  }, [key, list]);
  return list;
}
