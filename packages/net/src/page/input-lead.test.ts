import { describe, expect, it } from 'vitest';
import { InputLead, LEAD_HOLD_MS, MAX_LEAD, MIN_LEAD } from './input-lead.js';
import { NetClient } from './net-client.js';
import { FakeLink, toyClientOptions } from './test-client.js';

describe('InputLead', () => {
  it('rises a tick at a time up to its most, once per acknowledged raise, and falls after the hold', () => {
    const lead = new InputLead({ min: 1, max: 3, holdMs: 100 });
    expect(lead.lead).toBe(1);
    expect(lead.observe(0, true, 0, 10, 0)).toBe(0); // the first counter is a baseline
    expect(lead.observe(2, true, 5, 11, 10)).toBe(2);
    expect(lead.observe(3, true, 12, 12, 20)).toBe(1);
    expect(lead.observe(4, true, 13, 13, 30)).toBe(1);
    expect(lead.lead).toBe(3); // capped at max
    expect(lead.observe(4, true, 14, 14, 130)).toBe(0);
    expect(lead.lead).toBe(3); // 100 ms since the last miss: not yet
    expect(lead.observe(4, true, 15, 15, 131)).toBe(0);
    expect(lead.lead).toBe(2);
  });

  it('counts its hold from the first snapshot, not from time zero: a lead set before it is kept', () => {
    const lead = new InputLead({ min: 1, max: 8, holdMs: 100 });
    lead.lead = 5; // a page that starts with a lead of its own (NetClient's lead setter)
    expect(lead.observe(0, false, -1, 0, 10_000)).toBe(0);
    expect(lead.lead).toBe(5); // 10 s after time zero, but the first snapshot just came
    expect(lead.observe(0, false, -1, 1, 10_100)).toBe(0);
    expect(lead.lead).toBe(5);
    // No miss ever (the counter stays at 0): the hold still runs out, a tick at a time.
    expect(lead.observe(0, true, 1, 2, 10_101)).toBe(0);
    expect(lead.lead).toBe(4);
    expect(lead.observe(0, true, 2, 3, 10_202)).toBe(0);
    expect(lead.lead).toBe(3);
  });

  it('takes the first counter as a baseline even when the client is already sending', () => {
    const lead = new InputLead({ min: 1, max: 8, holdMs: 100 });
    expect(lead.observe(500, true, 3, 10, 0)).toBe(0);
    expect(lead.lead).toBe(1);
    expect(lead.observe(501, true, 4, 11, 10)).toBe(1); // counted from the baseline
    expect(lead.lead).toBe(2);
  });

  it('takes defaults of 2 to 15 ticks and a 3 s hold, and refuses settings out of range', () => {
    const lead = new InputLead();
    expect([lead.min, lead.max, lead.holdMs, lead.lead]).toEqual([
      MIN_LEAD,
      MAX_LEAD,
      LEAD_HOLD_MS,
      2,
    ]);
    expect(() => new InputLead({ min: -1 })).toThrow(/min.*got -1/);
    expect(() => new InputLead({ min: 4, max: 3 })).toThrow(
      /max must be an integer of 4 or more, got 3/,
    );
    expect(() => new InputLead({ holdMs: 0.5 })).toThrow(RangeError);
    expect(new InputLead({ min: 0, max: 0, holdMs: 0 }).lead).toBe(0);
  });
});

describe('NetClient options', () => {
  it('refuses a setting out of range when made, naming it and its value', () => {
    const make = (o: object) => () => new NetClient(new FakeLink(), toyClientOptions(o));
    expect(make({ snapshotRate: 0 })).toThrow(/snapshotRate.*got 0/);
    expect(make({ pingInterval: -1 })).toThrow(/pingInterval.*got -1/);
    expect(make({ maxSteps: Number.NaN })).toThrow(/maxSteps.*got NaN/);
    expect(make({ frameSize: 0 })).toThrow(/frameSize.*got 0/);
    expect(make({ predictor: { snapDistance: 0 } })).toThrow(/snapDistance.*got 0/);
    expect(make({ lead: { min: 1.5 } })).toThrow(/min.*got 1.5/);
    const client = make({ lead: { min: 4 } })();
    expect(client.lead).toBe(4);
    client.lead = 6;
    expect(client.inputLead.lead).toBe(6);
  });
});
