import { ruleTester } from './rule-tester';
import rule from './stored-file-through-helper';

const byHand = (what: string) => ({ messageId: 'byHand', data: { what } });

ruleTester.run('stored-file-through-helper', rule, {
  valid: [
    { code: 'await sendStoredFile(response, file);', filename: 'services/video/src/download/download.controller.ts' },
    { code: 'const file = await this.tasks.download(user, id); source.pipe(transform);', filename: 'services/tracking/src/export-task/export-task.controller.ts' },
    { code: "import { createReadStream } from 'node:fs'; stream.pipe(response);", filename: 'libs/service-kit/src/stored-file.ts' },
    { code: 'response.sendFile(index);', filename: 'services/api/src/console-assets.ts' },
  ],
  invalid: [
    { code: "import { createReadStream } from 'node:fs';", filename: 'services/video/src/a.ts', errors: [byHand('createReadStream')] },
    { code: "import * as fs from 'fs'; fs.createReadStream(path);", filename: 'services/alarm/src/a.ts', errors: [byHand('createReadStream')] },
    { code: 'stream.pipe(res);', filename: 'services/alarm/src/a.ts', errors: [byHand('.pipe(response)')] },
    { code: 'createStream().pipe(this.response);', filename: 'services/alarm/src/a.ts', errors: [byHand('.pipe(response)')] },
    { code: 'response.sendFile(path);', filename: 'services/video/src/a.ts', errors: [byHand('response.sendFile')] },
    { code: 'res.download(path, name);', filename: 'services/energy/src/a.ts', errors: [byHand('response.download')] },
  ],
});
