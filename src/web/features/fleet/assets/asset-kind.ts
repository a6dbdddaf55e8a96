/**
 * Vehicles and trailers are one kind of screen (decision: issue 39 point 4): one list page, one
 * detail page and one form dialog, each given a kind's config — its words, columns, fields,
 * schemas and routes. What only one kind has (a truck's odometer, schedules, papers alerts) is a
 * section of its config, never a branch on the kind in the shared code.
 */

/** The singular: test ids (`new-vehicle`, `vehicle-form`), the form's words (`vehicle.created`). */
export type AssetName = "vehicle" | "trailer";
/** The plural: the list's and detail's words (`vehicles.title`), the API path and export file name. */
export type AssetWords = "vehicles" | "trailers";
