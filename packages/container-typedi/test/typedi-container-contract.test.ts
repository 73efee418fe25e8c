import { describeContainerContract } from '@framework/application/testing';
import { TypediContainer } from '../src/index';

describeContainerContract({ name: 'TypediContainer', createContainer: () => new TypediContainer() });
