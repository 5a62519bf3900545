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
