// Cluster entry of the JT/T 809 forwarder: Kafka bus, its own MySQL schema, one HTTP port, the slave-link listener.
import 'reflect-metadata';
import { exitOnStartFailure, startClusterService } from '@openfleet/service-kit';
import { Forwarder809Module } from './forwarder-809.module';

startClusterService({ name: 'forwarder-809', module: Forwarder809Module }).catch(exitOnStartFailure('forwarder-809'));
