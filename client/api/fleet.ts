import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from './api-context.js';
import type { HttpClient } from './http.js';
import { queryKeys } from './query-keys.js';
import type { Schemas } from './types.js';

/** A physical bike of a model (issue 10): a label or frame number, its state and notes. */
export type UnitStatus = Schemas['UnitDto']['status'];

export type Unit = Schemas['UnitDto'];

export type MaintenanceBlock = Schemas['MaintenanceBlockDto'];

export type TimelineBlock = Schemas['TimelineBlockDto'];

export type TimelineUnit = Schemas['TimelineUnitDto'];

/** GET bikes/{id}/timeline: units x time, with bookings and maintenance blocks. */
export type Timeline = Schemas['TimelineDto'];

export type NewUnitInput = Schemas['CreateUnitDto'];

export type UnitChanges = Schemas['UpdateUnitDto'];

export type MaintenanceInput = Schemas['CreateMaintenanceDto'];

const bikePath = (bikeId: string) => `bikes/${encodeURIComponent(bikeId)}`;
const unitPath = (unitId: string) => `units/${encodeURIComponent(unitId)}`;

export async function fetchUnits(api: HttpClient, bikeId: string): Promise<Unit[]> {
  return (await api.get<Unit[]>(`${bikePath(bikeId)}/units`)).data;
}

export async function fetchTimeline(api: HttpClient, bikeId: string, from: string, to: string): Promise<Timeline> {
  return (await api.get<Timeline>(`${bikePath(bikeId)}/timeline`, { query: { from, to } })).data;
}

export async function addUnit(api: HttpClient, bikeId: string, input: NewUnitInput): Promise<Unit> {
  return (await api.post<Unit>(`${bikePath(bikeId)}/units`, input)).data;
}

export async function updateUnit(api: HttpClient, unitId: string, changes: UnitChanges): Promise<Unit> {
  return (await api.request<Unit>('PATCH', unitPath(unitId), { body: changes })).data;
}

export async function addMaintenance(api: HttpClient, unitId: string, input: MaintenanceInput): Promise<MaintenanceBlock> {
  return (await api.post<MaintenanceBlock>(`${unitPath(unitId)}/maintenance`, input)).data;
}

export async function removeMaintenance(api: HttpClient, unitId: string, blockId: string): Promise<unknown> {
  return (await api.delete<unknown>(`${unitPath(unitId)}/maintenance/${encodeURIComponent(blockId)}`)).data;
}

export const unitsQuery = (api: HttpClient, bikeId: string) =>
  queryOptions({ queryKey: queryKeys.fleet.units(bikeId), queryFn: () => fetchUnits(api, bikeId) });

export const timelineQuery = (api: HttpClient, bikeId: string, from: string, to: string) =>
  queryOptions({ queryKey: queryKeys.fleet.timeline(bikeId, from, to), queryFn: () => fetchTimeline(api, bikeId, from, to) });

/** Admin: a bike's units. */
export function useUnits(bikeId: string) {
  const api = useApi();
  return useQuery(unitsQuery(api, bikeId));
}

/** Admin: a bike's timeline over [from, to). */
export function useTimeline(bikeId: string, from: string, to: string) {
  const api = useApi();
  return useQuery(timelineQuery(api, bikeId, from, to));
}

/** A fleet change moves the bike's free units: its cached figures go with the fleet views. */
function useFleetMutation<I, R>(run: (api: HttpClient, input: I) => Promise<R>) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => run(api, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.fleet.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.bikes.all }),
      ]),
  });
}

export const useAddUnit = () => useFleetMutation((api, { bikeId, ...input }: NewUnitInput & { bikeId: string }) => addUnit(api, bikeId, input));

export const useUpdateUnit = () => useFleetMutation((api, { unitId, ...changes }: UnitChanges & { unitId: string }) => updateUnit(api, unitId, changes));

export const useAddMaintenance = () =>
  useFleetMutation((api, { unitId, ...input }: MaintenanceInput & { unitId: string }) => addMaintenance(api, unitId, input));

export const useRemoveMaintenance = () =>
  useFleetMutation((api, { unitId, blockId }: { unitId: string; blockId: string }) => removeMaintenance(api, unitId, blockId));
