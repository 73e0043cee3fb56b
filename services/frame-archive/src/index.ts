export { FrameArchiveModule, FRAME_ARCHIVE_MIGRATIONS } from './frame-archive.module';
