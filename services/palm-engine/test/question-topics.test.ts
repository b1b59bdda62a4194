import type { LifeArea } from '@palm/contracts';
import { describe, expect, it } from 'vitest';
import { topicOf } from '../src/narrator/question-topics';

/** Questions written for this test, as visitors type them, with the area a reader would file them under. */
const QUESTIONS: readonly (readonly [string, LifeArea])[] = [
  ['Should I change jobs this year?', 'career'],
  ['Will I ever find my soulmate?', 'love'],
  ['I worry about my retirement savings', 'money'],
  ['Is this a good time to buy a house?', 'money'],
  ['Why am I always so tired in the afternoon?', 'health'],
  ['How can I find more meaning in my daily life?', 'spiritual'],
  ['Is my boyfriend the right person for me?', 'love'],
  ['Should I start my own business?', 'career'],
  ['Will my marriage get better?', 'love'],
  ['Am I going to be rich one day?', 'money'],
  ['How do I get my energy back after a long winter?', 'health'],
  ['What is my purpose in this life?', 'spiritual'],
  ['Should I ask my manager for a promotion?', 'career'],
  ['Can I pay off my debts soon?', 'money'],
  ['I cannot sleep well, what does my hand say?', 'health'],
  ['Is meditation the right practice for me?', 'spiritual'],
  ['Will I get back together with my ex?', 'love'],
  ['Should I go back to university and study law?', 'career'],
  ['How should I invest my inheritance?', 'money'],
  ['I feel burnt out all the time', 'health'],
  ['How can I find inner peace?', 'spiritual'],
  ['Does my partner really love me?', 'love'],
  ['Am I in the right profession?', 'career'],
  ['Will I be able to afford a flat in the city?', 'money'],
  ['How can I handle stress better?', 'health'],
  ['What does my karma hold for me?', 'spiritual'],
  ['I feel lonely since moving, will I make friends?', 'love'],
  ['My colleagues ignore my ideas, what should I do?', 'career'],
  ['Should I save more or enjoy my money now?', 'money'],
  ['What kind of exercise suits me?', 'health'],
  ['How do I deepen my faith?', 'spiritual'],
  ['Is it time to get married?', 'love'],
  ['Will the job interview next week go well?', 'career'],
  ['Should I take out a mortgage?', 'money'],
  ['How can I stay fit as I get older?', 'health'],
  ['Am I on the right spiritual path?', 'spiritual'],
  ['How can I be closer to my family?', 'love'],
  ['Should I quit and follow my calling as a teacher?', 'career'],
  ['How do I build wealth for my children?', 'money'],
  ['What diet gives me more vitality?', 'health'],
  ['How can I trust my intuition more?', 'spiritual'],
  ['Why do my relationships never last?', 'love'],
  ['Is freelancing better for me than an office?', 'career'],
  ['Will my salary grow?', 'money'],
  ['How can I rest without feeling guilty?', 'health'],
  ['What is the meaning of my dreams about temples?', 'spiritual'],
  ['Should I move in with my girlfriend?', 'love'],
  ['Is my startup going to succeed?', 'career'],
  ['I want to stop spending so much on things I do not need', 'money'],
  ['How do I keep a healthy routine with a newborn?', 'health'],
  ['How can I grow as a person?', 'spiritual'],
  ['My husband and I argue a lot, what can I learn?', 'love'],
  ['Which field should I work in?', 'career'],
  ['Can I retire early?', 'money'],
  ['How do I stop feeling exhausted after work?', 'health'],
];

describe('the topic of a visitor’s own question', () => {
  it('places at least 45 of the example questions in the area they are about', () => {
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(50);
    const wrong = QUESTIONS.filter(([question, area]) => topicOf(question) !== area).map(
      ([question, area]) => `${question} → ${topicOf(question) ?? 'none'} (expected ${area})`,
    );
    expect(wrong.length, wrong.join('\n')).toBeLessThanOrEqual(QUESTIONS.length - 45);
  });

  it('files the issue’s three lost questions where they belong', () => {
    expect(topicOf('Should I change jobs this year?')).toBe('career');
    expect(topicOf('I worry about my retirement savings')).toBe('money');
    expect(topicOf('We are thinking of buying a house, is it wise?')).toBe('money');
  });

  it('names no area for a question about none of them', () => {
    expect(topicOf('What does the weather look like?')).toBeUndefined();
  });
});
