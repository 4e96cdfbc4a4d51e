// Create/Update Round bodies (spec sections 5 and 7): maxParticipants parsed as an integer,
// team lead and clinician ids optional integers, status from the select.
import { describe, expect, it } from 'vitest';
import {
  createRoundBody,
  EMPTY_ROUND_FORM,
  formOfRound,
  updateRoundBody,
} from '#client/features/admin-rounds/round-form';

describe('round form', () => {
  it('parses the numbers as integers and leaves out empty optional ids', () => {
    const body = createRoundBody({
      ...EMPTY_ROUND_FORM,
      title: ' Night round ',
      maxParticipants: '12 people',
      teamLeadId: '7',
      clinicianId: ' ',
    });
    expect(body.title).toBe('Night round');
    expect(body.maxParticipants).toBe(12);
    expect(body.teamLeadId).toBe(7);
    expect(body.clinicianId).toBeNull();
    expect(body.description).toBeNull();
  });

  it('sends what does not parse as typed, for the server to name', () => {
    const body = createRoundBody({ ...EMPTY_ROUND_FORM, maxParticipants: 'many', teamLeadId: 'x' });
    expect(body.maxParticipants).toBe('many');
    expect(body.teamLeadId).toBe('x');
  });

  it('fills the update form from a round and sends its status', () => {
    const form = formOfRound({
      roundId: 3,
      title: 'Park',
      description: null,
      startTime: '2026-06-01T10:00:00.000Z',
      endTime: '2026-06-01T12:00:00.000Z',
      location: 'Park',
      maxParticipants: 4,
      status: 'SCHEDULED',
      teamLeadId: 9,
      clinicianId: null,
      confirmedCount: 0,
      waitlistedCount: 0,
      availableSlots: 4,
    });
    expect(form.maxParticipants).toBe('4');
    expect(form.teamLeadId).toBe('9');
    expect(form.clinicianId).toBe('');
    const body = updateRoundBody({ ...form, status: 'IN_PROGRESS' });
    expect(body.status).toBe('IN_PROGRESS');
    expect(body.maxParticipants).toBe(4);
    expect(new Date(body.startTime).toISOString()).toBe('2026-06-01T10:00:00.000Z');
  });
});
