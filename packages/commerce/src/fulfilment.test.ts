import { describe, expect, it } from 'vitest';
import { CARRIERS, isFullyFulfilled, leftToFulfil, leftToReturn, planLines, safeHttpUrl, trackingUrlFor } from './fulfilment';

describe('trackingUrlFor', () => {
  it('links each common carrier to its tracking page for the number', () => {
    expect(trackingUrlFor('ups', '1Z999AA10123456784')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(trackingUrlFor('usps', '9400 1000 0000 0000 0000 00')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000');
    expect(trackingUrlFor('fedex', '123456789012')).toBe('https://www.fedex.com/fedextrack/?trknbr=123456789012');
    expect(trackingUrlFor('dhl', '1234567890')).toBe('https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=1234567890');
    expect(trackingUrlFor('royal-mail', 'AB123456789GB')).toBe('https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB');
    expect(trackingUrlFor('canada-post', '1234567890123456')).toBe('https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=1234567890123456');
    expect(trackingUrlFor('australia-post', 'ABC123456789')).toBe('https://auspost.com.au/mypost/track/details/ABC123456789');
    expect(trackingUrlFor('postnl', '3SABCD1234567')).toBe('https://jouw.postnl.nl/track-and-trace/3SABCD1234567');
  });

  it('gives no link for a number with characters a tracking number never has, or none at all', () => {
    expect(trackingUrlFor('ups', '')).toBeNull();
    expect(trackingUrlFor('ups', '1Z?x=<script>')).toBeNull();
    expect(trackingUrlFor('dhl', 'a/../b')).toBeNull();
  });

  it("uses the owner's own link for another carrier, http or https only", () => {
    expect(trackingUrlFor('other', 'X1', 'https://track.example.com/p/X1')).toBe('https://track.example.com/p/X1');
    expect(trackingUrlFor('other', 'X1', 'http://track.example.com/?n=X1')).toBe('http://track.example.com/?n=X1');
    expect(trackingUrlFor('other', 'X1', 'javascript:alert(1)')).toBeNull();
    expect(trackingUrlFor('other', 'X1', 'data:text/html,hi')).toBeNull();
    expect(trackingUrlFor('other', 'X1', '/relative')).toBeNull();
    expect(trackingUrlFor('other', 'X1')).toBeNull();
    expect(safeHttpUrl('https://user:pw@example.com/')).toBeNull();
  });

  it('knows the eight common carriers and other', () => {
    expect(CARRIERS).toEqual(['ups', 'usps', 'fedex', 'dhl', 'royal-mail', 'canada-post', 'australia-post', 'postnl', 'other']);
  });
});

describe('line quantities', () => {
  const progress = [
    { lineId: 'a', ordered: 3, fulfilled: 1, returned: 0 },
    { lineId: 'b', ordered: 1, fulfilled: 1, returned: 1 },
  ];

  it('allows at most what is left to ship, each line once', () => {
    expect(leftToFulfil(progress[0])).toBe(2);
    expect(planLines(progress, [{ lineId: 'a', quantity: 2 }], leftToFulfil)).toEqual({ ok: true, lines: [{ lineId: 'a', quantity: 2 }] });
    expect(planLines(progress, [{ lineId: 'a', quantity: 3 }], leftToFulfil)).toEqual({ ok: false, lineId: 'a', reason: 'too-many', allowed: 2 });
    expect(planLines(progress, [{ lineId: 'b', quantity: 1 }], leftToFulfil)).toEqual({ ok: false, lineId: 'b', reason: 'too-many', allowed: 0 });
    expect(planLines(progress, [{ lineId: 'z', quantity: 1 }], leftToFulfil)).toEqual({ ok: false, lineId: 'z', reason: 'unknown-line', allowed: 0 });
    expect(planLines(progress, [{ lineId: 'a', quantity: 1 }, { lineId: 'a', quantity: 1 }], leftToFulfil)).toMatchObject({ ok: false, reason: 'repeated' });
  });

  it('allows returning what was shipped less what was already asked back', () => {
    expect(leftToReturn(progress[0])).toBe(1);
    expect(leftToReturn(progress[1])).toBe(0);
    expect(planLines(progress, [{ lineId: 'a', quantity: 2 }], leftToReturn)).toMatchObject({ ok: false, reason: 'too-many', allowed: 1 });
  });

  it('calls an order fulfilled once every line is shipped in full', () => {
    expect(isFullyFulfilled(progress)).toBe(false);
    expect(isFullyFulfilled(progress, [{ lineId: 'a', quantity: 1 }])).toBe(false);
    expect(isFullyFulfilled(progress, [{ lineId: 'a', quantity: 2 }])).toBe(true);
  });
});
