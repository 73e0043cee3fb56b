// The per-source rate-limited log moved to the link server, which writes the bad-frame lines.
export { SourceLog, sourceHost } from '@openfleet/service-kit';
