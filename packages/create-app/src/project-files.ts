import type { ContainerChoice, RouterChoice } from './choices';

/** The file that registers the chosen router adapter as the router service. */
export function routerConfigFile(router: RouterChoice): string {
  return `import { ROUTER_SERVICE } from '@framework/application';
import { ${router.className} } from '${router.packageName}';
import { API_ROUTER } from '#App/Api/ApiFactory';

/** The router adapter of this project: ${router.label}. One per application. */
export const config = {
  dependencies: {
    factories: {
      [ROUTER_SERVICE]: () => new ${router.className}(),
      [API_ROUTER]: () => new ${router.className}(),
    },
  },
};
`;
}

/** The file that builds the chosen container from the merged configuration. */
export function containerFile(container: ContainerChoice): string {
  const applicationImports = ['configureContainer'];
  if (container.packageName === null) applicationImports.push(container.className);
  const imports = [
    `import { ${applicationImports.sort((a, b) => a.localeCompare(b)).join(', ')} } from '@framework/application';`,
    "import { loadConfig } from '@framework/config-loader';",
  ];
  if (container.packageName !== null) {
    imports.push(`import { ${container.className} } from '${container.packageName}';`);
  }
  return `${imports.join('\n')}

/**
 * Loads config/autoload/*.global.* then *.local.*, and returns a ${container.className} holding
 * the merged configuration (service \`config\`) and its \`dependencies\`.
 */
export async function createContainer(projectRoot: string): Promise<${container.className}> {
  const config = await loadConfig(projectRoot);
  const container = new ${container.className}();
  configureContainer(container, config);
  return container;
}
`;
}
