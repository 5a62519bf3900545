import { describe, expect, it } from 'vitest';
import { trickleOnly } from './rtc-pair.js';

describe('trickleOnly: a description sent without its gathered candidates', () => {
  it('drops every candidate line and the end-of-candidates line, CRLF or LF, and keeps the rest', () => {
    const sdp = [
      'v=0',
      'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
      'a=mid:0',
      'a=candidate:1 1 UDP 2122317823 127.0.0.1 50000 typ host',
      'a=ice-ufrag:abcd',
      'a=candidate:2 1 TCP 2122317822 127.0.0.1 9 typ host tcptype active',
      'a=end-of-candidates',
      'a=sctp-port:5000',
      '',
    ];
    const kept = ['v=0', sdp[1], 'a=mid:0', 'a=ice-ufrag:abcd', 'a=sctp-port:5000', ''];
    expect(trickleOnly(sdp.join('\r\n'))).toBe(kept.join('\r\n'));
    expect(trickleOnly(sdp.join('\n'))).toBe(kept.join('\n'));
    // Only whole lines that start so: an attribute that merely mentions a candidate stays.
    expect(trickleOnly('a=x-note:candidate:1\r\n')).toBe('a=x-note:candidate:1\r\n');
    expect(trickleOnly('')).toBe('');
  });
});
