// The simulated terminal's recording upload (JT/T 1078 0x9206/0x9207): the sample sent over FTP
// to the server the platform names, with pause, continue and cancel, then 0x1206.
const { Readable } = require('node:stream');
const { Client } = require('basic-ftp');
const { loadSample } = require('./video-packets');

const FAILED = 1;
const UPLOAD_CHUNK = 64 * 1024;

/** Uploads in progress, by the serial of the 0x9206 that started them. */
function uploadsOf(terminal) {
  terminal.videoUploads ??= new Map();
  return terminal.videoUploads;
}

/** The sample's bytes as a stream that 0x9207 can hold back (pause) and let go again. */
function pausableSource(bytes) {
  let offset = 0;
  let paused = false;
  let wanting = false;
  const stream = new Readable({
    read() {
      wanting = true;
      pushNext();
    },
  });
  function pushNext() {
    if (paused || !wanting) return;
    wanting = false;
    const chunk = bytes.subarray(offset, offset + UPLOAD_CHUNK);
    offset += chunk.length;
    stream.push(chunk.length ? chunk : null);
  }
  return {
    stream,
    pause: () => (paused = true),
    resume: () => {
      paused = false;
      pushNext();
    },
  };
}

/** 0x9206: uploads the sample to the platform's FTP server, then reports 0x1206 (0 success, 1 failure). */
async function uploadRecording(terminal, msg) {
  const body = msg.body;
  const uploads = uploadsOf(terminal);
  const client = new Client(30_000);
  const source = pausableSource(loadSample().video);
  const upload = { client, source, cancelled: false };
  uploads.set(msg.serial, upload);
  const name = `${body.channel}_${body.startTime}_${body.endTime}.h264`;
  let result = 0;
  try {
    await client.access({
      host: body.serverAddress,
      port: body.port,
      user: body.user,
      password: body.password,
      secure: false,
    });
    if (body.path && body.path !== '/') await client.ensureDir(body.path);
    await client.uploadFrom(source.stream, name);
    terminal.log(`uploaded ${name} to ${body.serverAddress}:${body.port}${body.path ?? ''}`);
  } catch (error) {
    result = FAILED;
    terminal.log(`upload of ${name} ${upload.cancelled ? 'cancelled' : `failed: ${error.message}`}`);
  } finally {
    client.close();
    uploads.delete(msg.serial);
  }
  terminal.send(0x1206, { replySerial: msg.serial, result });
}

/** 0x9207: pause (0), continue (1) or cancel (2) the upload a 0x9206 started. */
function controlUpload(terminal, body) {
  const upload = uploadsOf(terminal).get(body.replySerial);
  if (!upload) return false;
  if (body.control === 0) upload.source.pause();
  else if (body.control === 1) upload.source.resume();
  else if (body.control === 2) {
    upload.cancelled = true;
    upload.client.close();
  } else return false;
  return true;
}

/** Aborts every upload in progress (the terminal stops). */
function cancelUploads(terminal) {
  for (const upload of uploadsOf(terminal).values()) {
    upload.cancelled = true;
    upload.client.close();
  }
}

module.exports = { uploadRecording, controlUpload, cancelUploads };
