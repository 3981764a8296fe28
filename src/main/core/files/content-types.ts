// Content types of the files the app serves to its own pages (renderer build, media store).
import { extname } from 'node:path'

const byExtension: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
}

export function contentTypeOf(file: string): string {
  return byExtension[extname(file).toLowerCase()] ?? 'application/octet-stream'
}
