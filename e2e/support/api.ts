import { PlatformListResponseSchema } from '../../src/shared/api/platforms.schema.ts';
import { ProjectDirectoryResponseSchema } from '../../src/shared/api/projects.schema.ts';
import { SectorListResponseSchema } from '../../src/shared/api/sectors.schema.ts';
import { baseUrl } from './browser.ts';

// Reads the same API the page reads, so a test can assert that real data (not a fixture) reaches the screen.
async function get<T>(path: string, parse: (body: unknown) => T): Promise<T> {
  const response = await fetch(new URL(path, baseUrl()));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return parse(await response.json());
}

export const fetchProjects = (query = 'limit=20') =>
  get(`/api/projects?${query}`, (b) => ProjectDirectoryResponseSchema.parse(b));
export const fetchSectors = () => get('/api/sectors', (b) => SectorListResponseSchema.parse(b));
export const fetchPlatforms = () => get('/api/platforms', (b) => PlatformListResponseSchema.parse(b));
