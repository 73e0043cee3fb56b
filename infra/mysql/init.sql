-- Databases for local development / CI (applied by `scripts/infra up`, idempotent).
-- One database per service in cluster mode, plus openfleet_test for integration tests.
-- Safe to re-run: only CREATE DATABASE IF NOT EXISTS, never drops or alters data.

CREATE DATABASE IF NOT EXISTS `openfleet_api`         CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE DATABASE IF NOT EXISTS `openfleet_admin`       CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE DATABASE IF NOT EXISTS `openfleet_tracking`    CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE DATABASE IF NOT EXISTS `openfleet_gateway`     CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE DATABASE IF NOT EXISTS `openfleet_alarm`       CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE DATABASE IF NOT EXISTS `openfleet_instruction` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE DATABASE IF NOT EXISTS `openfleet_fence`       CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE DATABASE IF NOT EXISTS `openfleet_video`       CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE DATABASE IF NOT EXISTS `openfleet_energy`      CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE DATABASE IF NOT EXISTS `openfleet_forwarder_809`CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- integration tests (jest) use this one
CREATE DATABASE IF NOT EXISTS `openfleet_test`        CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- Connections: every service process keeps a pool (cluster-n runs 26 processes; the integration
-- suites beside them open their own). The server default of 151 was reached on a loaded CI machine
-- ("Too many connections"); raised for this server's lifetime, never lowered.
SET GLOBAL max_connections = GREATEST(@@GLOBAL.max_connections, 500);
