declare module "pino-roll" {
  import type { DestinationStream } from "pino";

  interface RollOptions {
    file: string | (() => string);
    size?: number | string;
    frequency?: number | string;
    limit?: { count?: number; removeOtherLogFiles?: boolean };
    mkdir?: boolean;
    symlink?: boolean;
    extension?: string;
    dateFormat?: string;
  }

  export default function build(
    options: RollOptions,
  ): Promise<DestinationStream & NodeJS.EventEmitter & { end(): void; flushSync(): void }>;
}
