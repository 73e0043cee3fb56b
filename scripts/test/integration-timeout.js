// Integration tests (and their hooks) start real servers and talk to Kafka and MariaDB: allow 120 s
// per test or hook instead of jest's 5 s default, which a loaded CI machine can exceed.
/* global jest */
jest.setTimeout(120_000);
