import type { ExportFormat } from "@shared/fuel/fuel.schema";
import type {
  ExpenseFilter,
  ParkingReservationInput,
  ReservationFilter,
} from "@shared/parking/parking.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, download } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

export type ExpenseListQuery = Partial<ExpenseFilter> & { page: number; pageSize: number };
export type ReservationListQuery = Partial<ReservationFilter> & { page: number; pageSize: number };

export const parkingKeys = {
  all: ["parking"] as const,
  expenses: (query: object) => [...parkingKeys.all, "expenses", query] as const,
  reservations: (query: object) => [...parkingKeys.all, "reservations", query] as const,
};

const expensesPath = "/api/parking/expenses";
const reservationsPath = "/api/parking/reservations";
const one = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

export function useExpenses(query: ExpenseListQuery) {
  return useQuery({
    queryKey: parkingKeys.expenses(query),
    queryFn: ({ signal }) => api.get("/api/parking/expenses", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function useReservations(query: ReservationListQuery) {
  return useQuery({
    queryKey: parkingKeys.reservations(query),
    queryFn: ({ signal }) => api.get("/api/parking/reservations", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export const exportExpenses = (format: ExportFormat, filter: Partial<ExpenseFilter>) =>
  download(`${expensesPath}/export`, { ...filter, format }, `parking-expenses.${format}`);
export const exportReservations = (format: ExportFormat, filter: Partial<ReservationFilter>) =>
  download(`${reservationsPath}/export`, { ...filter, format }, `parking-reservations.${format}`);
export const downloadExpenseReceipt = (id: string, name: string) =>
  download(`${one(expensesPath, id)}/receipt`, {}, name);

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: parkingKeys.all });
}

export function useSaveExpense(id?: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({
      fields,
      receipt,
      removeReceipt,
    }: {
      fields: Record<string, string>;
      receipt: File | null;
      removeReceipt: boolean;
    }) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      if (receipt) form.set("receipt", receipt);
      if (removeReceipt) form.set("removeReceipt", "true");
      return id
        ? api.put("/api/parking/expenses/{id}", { path: { id }, form })
        : api.post("/api/parking/expenses", { form });
    },
    onSuccess: invalidate,
  });
}

export function useDeleteExpense() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete("/api/parking/expenses/{id}", { path: { id } }),
    onSettled: invalidate,
  });
}

export function useSaveReservation(id?: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: ParkingReservationInput) =>
      id
        ? api.put("/api/parking/reservations/{id}", { path: { id }, body })
        : api.post("/api/parking/reservations", { body }),
    onSuccess: invalidate,
  });
}

export function useDeleteReservation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete("/api/parking/reservations/{id}", { path: { id } }),
    onSettled: invalidate,
  });
}
