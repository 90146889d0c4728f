/** SWE-agent's `Command.get_function_calling_tool`: the OpenAI tool schema the model receives. */
import { LoadedCommand } from './commandModel';
import { BundleFacts, MAIN_BUNDLE_FACTS } from './bundleFacts';
import { spend } from '../work';

export interface FunctionCallingTool {
  type: 'function';
  function: {
    name: string;
    description: string;
    parameters: { type: 'object'; properties?: Record<string, Record<string, unknown>>; required?: string[] };
  };
}

export function functionCallingTool(command: LoadedCommand, noArgumentSchema: BundleFacts['noArgumentSchema'] = MAIN_BUNDLE_FACTS.noArgumentSchema): FunctionCallingTool {
  // A null prototype, so an argument named `__proto__` is an ordinary key as in Python.
  const properties: Record<string, Record<string, unknown>> = Object.create(null);
  const required: string[] = [];
  for (const argument of command.arguments) {
    spend();
    const property: Record<string, unknown> = { type: argument.type, description: argument.description };
    if (argument.items && argument.items.size > 0) property.items = Object.fromEntries(argument.items);
    if (argument.required) required.push(argument.name);
    if (argument.enum && argument.enum.length > 0) property.enum = argument.enum;
    properties[argument.name] = property;
  }
  // Up to 1.1.0 a tool without arguments gets empty `properties` and `required`; main leaves them out.
  const parameters = Object.keys(properties).length > 0 || noArgumentSchema === 'empty-properties' ? { type: 'object' as const, properties, required } : { type: 'object' as const };
  return { type: 'function', function: { name: command.name, description: command.docstring ?? '', parameters } };
}
