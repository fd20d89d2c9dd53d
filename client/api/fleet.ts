import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from './api-context.js';
import type { HttpClient } from './http.js';
import { queryKeys } from './query-keys.js';
import type { RentalStatus } from './rentals.js';

/** A physical bike of a model (issue 10): a label or frame number, its state and notes. */
export type UnitStatus = 'active' | 'maintenance' | 'retired';

export interface Unit {
  _id: string;
  bikeId: string;
  label: string;
  status: UnitStatus;
  notes: string | null;
  createdAt: string;
}

export interface MaintenanceBlock {
  _id: string;
  unitId: string;
  start: string;
  end: string;
  reason: string;
}

export interface TimelineBlock {
  kind: 'booking' | 'maintenance';
  start: string;
  /** null: an open-ended booking, held until returned. */
  end: string | null;
  rentalId?: string;
  customerName?: string;
  status?: RentalStatus;
  reason?: string;
  /** The maintenance block's id (to lift it), when the server gives it. */
  _id?: string;
}

export interface TimelineUnit {
  _id: string;
  label: string;
  status: UnitStatus;
  blocks: TimelineBlock[];
}

/** GET bikes/{id}/timeline: units x time, with bookings and maintenance blocks. */
export interface Timeline {
  bikeId: string;
  from: string;
  to: string;
  units: TimelineUnit[];
}

export interface NewUnitInput {
  label: string;
  notes?: string;
}

export interface UnitChanges {
  label?: string;
  status?: UnitStatus;
  notes?: string;
}

export interface MaintenanceInput {
  start: string;
  end: string;
  reason: string;
}

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
