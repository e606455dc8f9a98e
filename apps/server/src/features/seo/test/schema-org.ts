import { expect } from 'vitest';

type Node = Record<string, unknown>;

/**
 * JSON-LD checked against schema.org's types as search engines read them: each node's type is one
 * we mean to emit, each property is one schema.org defines for that type (the web code is typed
 * with schema-dts, generated from the vocabulary; this checks what reaches the page), the
 * properties rich results need are there with values of the right kind, and no property carries
 * contact details (email, telephone) that may be a person's.
 */
const PROPERTIES: Record<string, readonly string[]> = {
  BreadcrumbList: ['itemListElement'],
  ItemList: ['name', 'numberOfItems', 'itemListElement'],
  ListItem: ['position', 'name', 'item', 'url'],
  LocalBusiness: ['@id', 'name', 'url', 'description', 'logo', 'image', 'sameAs', 'areaServed', 'hasOfferCatalog', 'knowsAbout', 'address', 'geo'],
  Organization: ['@id', 'name', 'url', 'description', 'logo', 'image', 'sameAs', 'areaServed', 'hasOfferCatalog', 'knowsAbout'],
  PostalAddress: ['addressLocality', 'addressCountry'],
  GeoCoordinates: ['latitude', 'longitude'],
  GeoCircle: ['geoMidpoint', 'geoRadius'],
  Country: ['name'],
  Place: ['name'],
  OfferCatalog: ['name', 'itemListElement'],
  Offer: ['itemOffered'],
  Service: ['name', 'serviceType'],
  Demand: ['@id', 'name', 'url', 'description', 'identifier', 'validFrom', 'validThrough', 'availability', 'itemOffered', 'priceSpecification', 'eligibleRegion'],
  PriceSpecification: ['priceCurrency', 'minPrice', 'maxPrice'],
  WebSite: ['@id', 'name', 'url', 'inLanguage'],
  Dataset: ['name', 'description', 'url', 'creator', 'creditText', 'version', 'dateModified', 'spatialCoverage', 'isAccessibleForFree'],
};

const isIsoDateTime = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(v) && !Number.isNaN(Date.parse(v));

function walk(node: Node, path: string, publicUrl: string, top = false) {
  const type = node['@type'];
  expect(typeof type, `${path} has an @type`).toBe('string');
  const allowed = PROPERTIES[type as string];
  expect(allowed, `${path}: ${String(type)} is a type we emit`).toBeDefined();
  for (const key of Object.keys(node)) {
    if (key === '@type' || key === '@context') continue;
    expect(allowed, `${path}.${key} is a property of schema.org/${String(type)}`).toContain(key);
  }
  const absolute = (key: string) => {
    const value = node[key];
    expect(typeof value === 'string' && /^https?:\/\//.test(value), `${path}.${key} is an absolute URL (${String(value)})`).toBe(true);
  };
  const text = (key: string) => expect(typeof node[key] === 'string' && (node[key] as string).trim().length > 0, `${path}.${key} is text`).toBe(true);
  switch (type) {
    case 'BreadcrumbList':
    case 'ItemList':
    case 'OfferCatalog': {
      const items = node.itemListElement as Node[];
      expect(Array.isArray(items), `${path}.itemListElement is a list`).toBe(true);
      if (type === 'BreadcrumbList') expect(items.length).toBeGreaterThan(0);
      if (type === 'ItemList') expect(node.numberOfItems).toBe(items.length);
      items.forEach((item, i) => {
        if (type === 'OfferCatalog') return;
        expect(item['@type']).toBe('ListItem');
        if (type === 'BreadcrumbList') expect(item.position, `${path} positions run 1, 2, …`).toBe(i + 1);
        else expect(typeof item.position).toBe('number');
        expect(typeof item.name === 'string' && item.name.length > 0).toBe(true);
        const link = (item.item ?? item.url) as string;
        expect(link.startsWith(publicUrl), `${path} links stay on the site (${link})`).toBe(true);
      });
      break;
    }
    case 'LocalBusiness':
    case 'Organization':
      text('name');
      // A page's own business has its address; an organisation named inside another node may not.
      if (top) absolute('url');
      if (node.logo !== undefined) absolute('logo');
      for (const link of (node.sameAs as string[] | undefined) ?? []) expect(link).toMatch(/^https?:\/\//);
      if (type === 'LocalBusiness') expect(node.address, `${path} has an address`).toBeDefined();
      break;
    case 'PostalAddress':
      text('addressLocality');
      expect(node.addressCountry).toBe('GB');
      break;
    case 'GeoCoordinates':
      expect(Math.abs(node.latitude as number)).toBeLessThanOrEqual(90);
      expect(Math.abs(node.longitude as number)).toBeLessThanOrEqual(180);
      break;
    case 'GeoCircle':
      expect(node.geoRadius as number).toBeGreaterThan(0);
      break;
    case 'Demand':
      text('name');
      absolute('url');
      expect(isIsoDateTime(node.validFrom), `${path}.validFrom is a date`).toBe(true);
      if (node.validThrough !== undefined) {
        expect(isIsoDateTime(node.validThrough)).toBe(true);
        expect(Date.parse(node.validThrough as string)).toBeGreaterThan(Date.parse(node.validFrom as string));
      }
      expect(node.availability).toMatch(/^https:\/\/schema\.org\//);
      expect((node.itemOffered as Node)['@type']).toBe('Service');
      break;
    case 'PriceSpecification':
      expect(node.priceCurrency).toBe('GBP');
      expect(node.minPrice ?? node.maxPrice).toEqual(expect.any(Number));
      break;
    case 'WebSite':
    case 'Dataset':
      text('name');
      absolute('url');
      break;
  }
  for (const [key, value] of Object.entries(node)) {
    const children = Array.isArray(value) ? value : [value];
    children.forEach((child, i) => {
      if (child && typeof child === 'object') walk(child as Node, `${path}.${key}${Array.isArray(value) ? `[${i}]` : ''}`, publicUrl);
    });
  }
}

export function expectSchemaOrg(nodes: Node[], publicUrl: string) {
  expect(nodes.length).toBeGreaterThan(0);
  for (const node of nodes) {
    expect(node['@context']).toBe('https://schema.org');
    walk(node, String(node['@type']), publicUrl, true);
    expect(JSON.stringify(node), 'no email address or telephone in structured data').not.toMatch(/"(email|telephone|faxNumber|contactPoint)"|@[a-z0-9-]+\.[a-z]/i);
  }
}
