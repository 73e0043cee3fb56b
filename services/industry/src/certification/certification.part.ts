import { serviceConfigProvider, type ServicePart } from '@openfleet/service-kit';
import { CERTIFICATION_CONFIG, CertificationConfig } from './certification-config';
import { CertificationMonitorService } from './certification-monitor.service';
import { CertificationTest } from './certification-test.entity';
import { CertificationController } from './certification.controller';
import { CertificationService } from './certification.service';
import { CreateCertificationTables1733430000000 } from './migrations/1733430000000-create-certification-tables';

/** Access certification: a new vehicle's terminal checked live against the standard, logs and certificates. */
export const CERTIFICATION_PART: ServicePart = {
  entities: [CertificationTest],
  migrations: [CreateCertificationTables1733430000000],
  controllers: [CertificationController],
  providers: [serviceConfigProvider(CERTIFICATION_CONFIG, CertificationConfig), CertificationMonitorService, CertificationService],
};
