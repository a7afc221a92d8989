import { useEffect, useRef } from 'react';
import { explorePageSize } from '../../../contracts/publishingRules';
import type { InfiniteListActorRef, InfiniteListParams } from '../../machines/infiniteListMachine';
import { useFlow } from '../../app/AppContext';

/** The app's infinite lists, each a flow whose pages the composition root knows how to fetch. */
export type InfiniteListFlow =
  | 'exploreSpaces'
  | 'exploreCreators'
  | 'profileSpaces'
  | 'payments'
  | 'assetLibrary'
  | 'connections'
  | 'groupList'
  | 'groupMembers'
  | 'districtList'
  | 'districtMembers'
  | 'districtSpaces';

/**
 * Runs the infinite list `flow` (an infiniteListMachine) with `params` while the calling component
 * is mounted: new `params` (compared by value) clear the list and start again at page 0, aborting
 * the request for the old ones. Undefined until the list runs.
 */
export function useInfiniteList<Params extends object>(
  flow: InfiniteListFlow,
  params: Params,
  ipp: number = explorePageSize,
): InfiniteListActorRef | undefined {
  const list = useFlow(flow, { params: params as InfiniteListParams, ipp });
  const key = JSON.stringify(params);
  const listedKey = useRef(key);
  useEffect(() => {
    if (!list || listedKey.current === key) return;
    listedKey.current = key;
    // The parameters are plain data: their JSON is both the comparison and the copy sent.
    list.send({ type: 'list.setParams', params: JSON.parse(key) as InfiniteListParams });
  }, [key, list]);
  return list;
}
