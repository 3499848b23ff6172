"""The CheckRisk board scene: stacks, deployment, reinforcements, actions, odds, dice battles, luck."""
