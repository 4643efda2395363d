import dgram from 'node:dgram';
import dnsPacket from 'dns-packet';

/**
 * A tiny authoritative DNS server on loopback for the custom-domain tests: the internet's DNS is the one thing
 * outside the machine, so the tests stand in for it here and ask it through Node's real `dns.Resolver`
 * (`setServers(['127.0.0.1:PORT'])`). It answers A, AAAA, TXT and CNAME from a zone the test edits, NXDOMAIN
 * for names it does not hold, and records every question it was asked.
 */
export interface DnsRecords {
  A?: string[];
  AAAA?: string[];
  TXT?: string[];
  CNAME?: string;
}

const NXDOMAIN = 3;

export class LoopbackDnsServer {
  readonly zone = new Map<string, DnsRecords>();
  /** Every question asked, as `TYPE name`. */
  readonly questions: string[] = [];

  private constructor(private readonly socket: dgram.Socket) {
    socket.on('message', (message, peer) => this.answer(message, peer));
  }

  static async start(): Promise<LoopbackDnsServer> {
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, '127.0.0.1', () => resolve());
    });
    return new LoopbackDnsServer(socket);
  }

  /** What Resolver#setServers takes. */
  get server(): string {
    return `127.0.0.1:${this.socket.address().port}`;
  }

  set(name: string, records: DnsRecords): void {
    this.zone.set(name.toLowerCase(), records);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }

  private answer(message: Buffer, peer: dgram.RemoteInfo): void {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const answers: dnsPacket.Answer[] = [];
    let known = true;
    for (const question of query.questions ?? []) {
      this.questions.push(`${question.type} ${question.name}`);
      let name = question.name.toLowerCase();
      let records = this.zone.get(name);
      if (records?.CNAME && question.type !== 'CNAME') {
        answers.push({ type: 'CNAME', name, ttl: 1, data: records.CNAME });
        name = records.CNAME.toLowerCase();
        records = this.zone.get(name);
      }
      if (!records) {
        known = answers.length > 0;
        continue;
      }
      if (question.type === 'A') for (const data of records.A ?? []) answers.push({ type: 'A', name, ttl: 1, data });
      if (question.type === 'AAAA') for (const data of records.AAAA ?? []) answers.push({ type: 'AAAA', name, ttl: 1, data });
      if (question.type === 'TXT') for (const data of records.TXT ?? []) answers.push({ type: 'TXT', name, ttl: 1, data: [data] });
      if (question.type === 'CNAME' && records.CNAME) answers.push({ type: 'CNAME', name, ttl: 1, data: records.CNAME });
    }
    const response = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.AUTHORITATIVE_ANSWER | dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (known ? 0 : NXDOMAIN),
      questions: query.questions,
      answers,
    });
    this.socket.send(response, peer.port, peer.address);
  }
}
