/**
 * The sandboxed preload builds its bridge from common/channel-names.ts, a plain list kept apart from the channel table
 * so the preload's bundle carries no zod: the lists must name exactly the table's channels, in any order.
 */
import { describe, expect, it } from 'vitest';
import { eventChannelNames, invokeChannelNames } from '../../../common/channel-names';
import { eventChannels, invokeChannels } from '../../../common/contract';

describe('channel names', () => {
  it('lists every invoke channel of the table, once', () => {
    expect([...invokeChannelNames].sort()).toEqual(Object.keys(invokeChannels).sort());
  });

  it('lists every event channel of the table, once', () => {
    expect([...eventChannelNames].sort()).toEqual(Object.keys(eventChannels).sort());
  });
});
