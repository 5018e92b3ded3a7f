"""The ruling assistant: decision trees, rulings, flowcharts and the situation lookup."""
