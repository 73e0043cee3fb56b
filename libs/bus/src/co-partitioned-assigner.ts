import { AssignerProtocol, Partitioners, type PartitionAssigner } from 'kafkajs';

/** Name the members of a group agree on; every member of a joined subscription offers only it. */
export const CO_PARTITIONED = 'OpenFleetCoPartitioned';

/**
 * kafkajs ships a round-robin assigner only, which spreads the partitions of several topics
 * independently. This one gives partition p of every subscribed topic to the same member
 * (p modulo the member count, members sorted by id), so topics with the same key and partition
 * count deliver one key's records to one member. Written here because kafkajs has no range or
 * co-partitioned assigner; the protocol encoding is kafkajs' own.
 */
export const coPartitionedAssigner: PartitionAssigner = ({ cluster }) => ({
  name: CO_PARTITIONED,
  version: 1,
  async assign({ members, topics }) {
    const memberIds = members.map((member) => member.memberId).sort();
    const plan = new Map<string, Record<string, number[]>>(memberIds.map((id) => [id, {}]));
    for (const topic of topics) {
      const partitions = cluster.findTopicPartitionMetadata(topic).map((metadata) => metadata.partitionId).sort((a, b) => a - b);
      for (const partition of partitions) {
        const owner = plan.get(memberIds[partition % memberIds.length])!;
        (owner[topic] ??= []).push(partition);
      }
    }
    return memberIds.map((memberId) => ({
      memberId,
      memberAssignment: AssignerProtocol.MemberAssignment.encode({ version: 1, assignment: plan.get(memberId)!, userData: Buffer.alloc(0) }),
    }));
  },
  protocol({ topics }) {
    return { name: CO_PARTITIONED, metadata: AssignerProtocol.MemberMetadata.encode({ version: 1, topics, userData: Buffer.alloc(0) }) };
  },
});

const keyPartitioner = Partitioners.DefaultPartitioner();

/** The partition Kafka's default partitioner (murmur2, as our producer uses) puts a key in. */
export function kafkaPartitionOf(key: string, partitions: number): number {
  const partitionMetadata = Array.from({ length: partitions }, (_, partitionId) => ({ partitionId, leader: 0, replicas: [0], isr: [0], partitionErrorCode: 0 }));
  return keyPartitioner({ topic: '', partitionMetadata, message: { key, value: null } });
}
