/**
 * An answer already written as JSON text — by PostgreSQL's `json_build_object`, say — sent as it is:
 * Node neither parses the row's JSON nor stringifies the answer again (issue 42, target 4: on a wide
 * read those two were most of the request's CPU). `T` is the value the text stands for, so a route
 * table handler returning `JsonText<LoadDetail>` is checked against its response schema like one
 * returning a `LoadDetail`; the text must be exactly what `JSON.stringify` of that value would send
 * (the tests compare the two).
 */
export class JsonText<T> {
  declare readonly of: T;
  constructor(readonly text: string) {}

  /** The value, for a caller inside the server that needs it as an object (not on the hot path). */
  parse(): T {
    return JSON.parse(this.text) as T;
  }
}

/** An answer the route table sends: a value (stringified) or JSON text (sent as it is). */
export type Answer<T> = T | JsonText<T>;
