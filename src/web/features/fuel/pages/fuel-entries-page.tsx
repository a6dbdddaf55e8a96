import { FuelEntriesView } from "../components/fuel-entries-view";

/** /fleet/fuel: every driver's fuel entries for the office (filters by driver, vehicle, period). */
export default function FuelEntriesPage() {
  return <FuelEntriesView staff />;
}
