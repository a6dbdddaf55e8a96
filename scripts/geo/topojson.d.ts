// The dev-only TopoJSON writers ship no types; the build script uses these two calls only.
declare module "topojson-server" {
  export function topology(objects: Record<string, unknown>, quantization?: number): unknown;
}
declare module "topojson-simplify" {
  export function presimplify(topology: unknown, weight?: (triangle: [number, number][]) => number): unknown;
  export function planarTriangleArea(triangle: [number, number][]): number;
  export function simplify(topology: unknown, minWeight: number): unknown;
  export function quantile(topology: unknown, p: number): number;
  export function filter(topology: unknown, keep: unknown): unknown;
  export function filterAttachedWeight(topology: unknown, minWeight: number): unknown;
}
