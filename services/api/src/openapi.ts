import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';

/** Serves the OpenAPI document at /api-docs (UI) and /api-docs-json. */
export function mountOpenApi(app: INestApplication): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('OpenFleet API')
      .setDescription('Console-facing API. Every response is the envelope {flag, errorCode, msg, data}.')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('api-docs', app, document);
}
