// The parts of autocannon 9 the benchmark uses; the package ships no types.
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    timeout?: number;
  }

  export interface Result {
    requests: { total: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }

  export interface Instance extends EventEmitter, PromiseLike<Result> {
    on(event: "response", listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void): this;
  }

  export default function autocannon(options: Options): Instance;
}
