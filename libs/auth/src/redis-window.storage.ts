import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Redis, Result } from 'ioredis';

/**
 * One fixed window per key, as {@link WindowCounterStorage} counts it, in a Redis (or Valkey) every replica shares.
 * Each call is one Lua script, atomic on the server, and times are the server's (`PEXPIRE`), so replicas whose
 * clocks differ still agree. Keys: `limits:<key>` holds the window's hits and expires with the window;
 * `limits:<key>:blocked` exists while the key is blocked. The hit past `limit` sets the block and drops the count,
 * so the key counts afresh once the block ends.
 */
const INCREMENT = `
local hits_key, blocked_key = KEYS[1], KEYS[2]
local ttl, limit, block = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local blocked = redis.call('PTTL', blocked_key)
if blocked > 0 then return {limit + 1, blocked, 1, blocked} end
local hits = redis.call('INCR', hits_key)
local left = redis.call('PTTL', hits_key)
if left < 0 then
  redis.call('PEXPIRE', hits_key, ttl)
  left = ttl
end
if hits > limit then
  local until_ms = left
  if block > 0 then until_ms = block end
  redis.call('SET', blocked_key, '1', 'PX', until_ms)
  redis.call('DEL', hits_key)
  return {hits, left, 1, until_ms}
end
return {hits, left, 0, 0}
`;

/** The longest remaining block among KEYS, in ms (0: none blocked). */
const BLOCKED = `
local longest = 0
for _, key in ipairs(KEYS) do
  local left = redis.call('PTTL', key)
  if left > longest then longest = left end
end
return longest
`;

type Reply = [hits: number, windowMs: number, blocked: 0 | 1, blockMs: number];

// the scripts as commands of the client (ioredis `defineCommand`: EVALSHA, the script sent again only when the
// server does not know it)
declare module 'ioredis' {
  interface RedisCommander<Context> {
    limitsIncrement(
      hitsKey: string,
      blockedKey: string,
      ttl: number,
      limit: number,
      block: number,
    ): Result<Reply, Context>;
    limitsBlocked(keyCount: number, ...keys: string[]): Result<number, Context>;
  }
}

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

/**
 * The scripts of one turn of the event loop leave in one write: the first command of a turn corks the connection
 * and the turn's end (`setImmediate`, after the requests read in the same turn) uncorks it. Under load the requests
 * answered together share the system call that sends their scripts, and Redis reads and answers them in one go;
 * each command is still its own script, answered on its own, and its timeout (the client's `commandTimeout`) runs
 * from the call, as before.
 */
class TurnCork {
  private corked: { uncork(): void } | undefined;
  private readonly flush = () => {
    const stream = this.corked;
    this.corked = undefined;
    stream?.uncork();
  };

  constructor(private readonly client: Redis) {}

  /** Corks the client's connection until the end of this turn (once per turn). */
  hold(): void {
    if (this.corked !== undefined) return;
    const stream = this.client.stream as (Redis['stream'] & { writable?: boolean }) | undefined;
    if (!stream?.writable) return;
    stream.cork();
    this.corked = stream;
    setImmediate(this.flush);
  }
}

export class RedisWindowStorage implements ThrottlerStorage {
  private readonly cork: TurnCork;

  constructor(private readonly client: Redis) {
    client.defineCommand('limitsIncrement', { numberOfKeys: 2, lua: INCREMENT });
    client.defineCommand('limitsBlocked', { lua: BLOCKED });
    this.cork = new TurnCork(client);
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
  ): ReturnType<ThrottlerStorage['increment']> {
    this.cork.hold();
    const [hits, windowMs, blocked, blockMs] = await this.client.limitsIncrement(
      `limits:${key}`,
      `limits:${key}:blocked`,
      ttl,
      limit,
      blockDuration,
    );
    return {
      totalHits: hits,
      timeToExpire: seconds(windowMs),
      isBlocked: blocked === 1,
      timeToBlockExpire: blocked === 1 ? seconds(blockMs) : 0,
    };
  }

  /** Seconds until the last of `keys` that is blocked is free again; undefined when none is blocked. */
  async blockedFor(keys: readonly string[]): Promise<number | undefined> {
    if (keys.length === 0) return undefined;
    this.cork.hold();
    const ms = await this.client.limitsBlocked(keys.length, ...keys.map((key) => `limits:${key}:blocked`));
    return ms > 0 ? seconds(ms) : undefined;
  }
}
