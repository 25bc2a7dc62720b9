import { normalised, schemaHeader, schemaMajor } from './schema.dump';

/** What pg_dump 15.20 prints around a schema: its version, a random `\restrict` key, the restore's settings. */
const dump = (key: string, version: string) => `--
-- PostgreSQL database dump
--

\\restrict ${key}

-- Dumped from database version ${version}
-- Dumped by pg_dump version ${version}

SET statement_timeout = 0;
SET client_encoding = 'UTF8';
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;


--
-- Name: stock; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.stock (
    sku text NOT NULL   
);

--
-- PostgreSQL database dump complete
--

\\unrestrict ${key}
`;

describe('normalised', () => {
  it('keeps the schema and drops what varies between two dumps of it', () => {
    const expected = `${schemaHeader(15)}

--
-- Name: stock; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.stock (
    sku text NOT NULL
);
`;
    expect(normalised(dump('aB3dE', '15.20 (Debian 15.20-0+deb12u1)'), 15)).toBe(expected);
    expect(normalised(dump('Zq9Xw', '15.14'), 15)).toBe(expected);
  });

  it('names the major it was dumped from in its first line', () => {
    expect(schemaMajor(normalised(dump('k', '15.20'), 15))).toBe(15);
    expect(schemaMajor(normalised(dump('k', '17.6'), 17))).toBe(17);
  });
});
